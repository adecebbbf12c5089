/**
 * The WhatsApp template names the shop's messages use (issue 20 item 4: "admins set template
 * names in settings"), kept in `site_settings` under 'notifications'. WhatsApp Business sends a
 * business-started message only through a template approved in WhatsApp Manager; each name
 * here must match one there, with the body parameters listed in `TEMPLATE_PARAMETERS`.
 */

/** The messages that go out on WhatsApp, each with its template. */
export const MESSAGE_TEMPLATES = [
  'appointmentConfirmation',
  'appointmentReminder',
  'appointmentChange',
  'orderStatus',
] as const;

/** One of {@link MESSAGE_TEMPLATES}. */
export type MessageTemplate = (typeof MESSAGE_TEMPLATES)[number];

/** The settings of the shop's WhatsApp messages. */
export interface MessageSettings {
  /** The templates' language code, e.g. 'en', 'en_US', 'gu'. */
  language: string;
  /** Template name by message. */
  templates: Record<MessageTemplate, string>;
}

/** What a new install starts with. */
export const defaultMessageSettings: MessageSettings = {
  language: 'en',
  templates: {
    appointmentConfirmation: 'appointment_confirmation',
    appointmentReminder: 'appointment_reminder',
    appointmentChange: 'appointment_update',
    orderStatus: 'order_update',
  },
};

/** Each template's label and the body parameters ({{1}}, {{2}}, …) it is sent with, in order. */
export const TEMPLATE_PARAMETERS: Record<MessageTemplate, { label: string; params: string[] }> = {
  appointmentConfirmation: {
    label: 'Appointment confirmation',
    params: ['customer name', 'appointment type', 'date and time', 'shop address', 'manage link'],
  },
  appointmentReminder: {
    label: 'Appointment reminder',
    params: ['customer name', 'appointment type', 'date and time', 'shop address', 'manage link'],
  },
  appointmentChange: {
    label: 'Appointment moved or cancelled',
    params: ['customer name', 'what changed', 'what to do next'],
  },
  orderStatus: {
    label: 'Order status',
    params: ['customer name', 'order number', 'order status', 'order link'],
  },
};
