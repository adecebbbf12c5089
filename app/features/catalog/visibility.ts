/**
 * What the back office answers when a category, subcategory or product is shown in the shop
 * again or hidden from it (issue "Back office": activate and deactivate).
 */
export function visibilityAnswer(name: string, isActive: boolean): string {
  return isActive ? `"${name}" is shown in the shop again.` : `"${name}" is hidden from the shop.`;
}
