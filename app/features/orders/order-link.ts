/**
 * How long an order's signed link works after the message that carried it (issue 30 item 2:
 * "Give the link an expiry"), in days: 180, about the longest a bespoke order runs from its
 * measurement to its last alteration. Client-safe: the back office's order page states it.
 */
export const ORDER_LINK_DAYS = 180;
