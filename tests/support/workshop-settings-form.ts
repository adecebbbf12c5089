/**
 * The workshop settings form's fields (features/workshop/workshop-settings.server.ts) as the
 * settings screen sends them for `settings`, with `changes` on top: for tests that save the
 * workshop's settings the way the owner does.
 */
import {
  defaultWorkshopSettings,
  WORK_STAGES,
  type WorkshopSettings,
} from '~/features/workshop/stages';

export function workshopSettingsForm(
  changes: Record<string, string> = {},
  settings: WorkshopSettings = defaultWorkshopSettings,
): Record<string, string> {
  const fields: Record<string, string> = { version: '', unit: settings.unit };
  for (const stage of WORK_STAGES) {
    fields[`label-${stage}`] = settings.labels[stage];
    fields[`place-${stage}`] = String(settings.order.indexOf(stage) + 1);
    for (const [type, days] of Object.entries(settings.durations)) {
      fields[`days-${type}-${stage}`] = String(days[stage]);
    }
  }
  return { ...fields, ...changes };
}
