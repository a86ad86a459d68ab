/** Spec 000 §9: the mobile breakpoint is 768 px; below it the menu is an overlay, lists are cards and filters fold. */
export const MOBILE_QUERY = "(max-width: 767px)";
