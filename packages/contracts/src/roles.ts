/**
 * 001 §6 and 000 §6, "Roles and permissions": the role codes of a staff user that rules compare against, as the
 * server checks them and the browser shows or hides by them. A higher code outranks a lower one (nobody writes a
 * person of a higher role than their own); the company profile is for `administrator` and above.
 */
export const ROLE = { teacher: 5, trackingNotifier: 20, administrator: 95, topAdmin: 100 } as const;
export type TRole = (typeof ROLE)[keyof typeof ROLE];
