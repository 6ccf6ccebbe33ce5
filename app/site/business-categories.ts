/** The five categories of local businesses, in the order their buttons appear (spec §3). */
export const BUSINESS_CATEGORIES = ["Restaurants", "Waste Disposal", "Medical", "Law Enforcement", "Other"] as const;
export type BusinessCategory = (typeof BUSINESS_CATEGORIES)[number];
