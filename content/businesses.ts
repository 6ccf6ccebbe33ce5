import type { LocalBusiness } from "./types.ts";

/**
 * Local services listed on /more/localinfo. All names, addresses, phone numbers (555-01xx) and
 * links are fictional. `order` runs through the categories in the order of BUSINESS_CATEGORIES.
 */
export const businesses: LocalBusiness[] = [
  // Restaurants
  {
    name: "The Blue Heron Supper Club",
    category: "Restaurants",
    address: "W4120 Lakeshore Drive, Heron Lake, WI 53500",
    phone: "(608) 555-0112",
    link: "https://example.com/heron-lake/blue-heron-supper-club",
    order: 1,
  },
  {
    name: "Dockside Diner",
    category: "Restaurants",
    address: "215 Main Street, Heron Lake, WI 53500",
    phone: "(608) 555-0118",
    link: "https://example.com/heron-lake/dockside-diner",
    order: 2,
  },
  {
    name: "North Bay Pizza Co.",
    category: "Restaurants",
    address: "N2285 County Road H, Heron Lake, WI 53500",
    phone: "(608) 555-0125",
    link: "https://example.com/heron-lake/north-bay-pizza",
    order: 3,
  },
  // Waste Disposal
  {
    name: "Heron Lake Township Transfer Station",
    category: "Waste Disposal",
    address: "N1870 Transfer Station Road, Heron Lake, WI 53500",
    phone: "(608) 555-0131",
    link: "https://example.com/heron-lake/transfer-station",
    order: 4,
  },
  {
    name: "Kettle Valley Septic Service",
    category: "Waste Disposal",
    address: "W3315 State Highway 73, Heron Lake, WI 53500",
    phone: "(608) 555-0136",
    link: "https://example.com/heron-lake/kettle-valley-septic",
    order: 5,
  },
  {
    name: "Marsh County Recycling Center",
    category: "Waste Disposal",
    address: "402 Industrial Drive, Heron Lake, WI 53500",
    phone: "(608) 555-0139",
    link: "https://example.com/heron-lake/recycling-center",
    order: 6,
  },
  // Medical
  {
    name: "Heron Lake Family Clinic",
    category: "Medical",
    address: "118 Clinic Lane, Heron Lake, WI 53500",
    phone: "(608) 555-0142",
    link: "https://example.com/heron-lake/family-clinic",
    order: 7,
  },
  {
    name: "Marsh County Urgent Care",
    category: "Medical",
    address: "760 Main Street, Heron Lake, WI 53500",
    phone: "(608) 555-0147",
    link: "https://example.com/heron-lake/urgent-care",
    order: 8,
  },
  {
    name: "Shoreline Pharmacy",
    category: "Medical",
    address: "230 Main Street, Heron Lake, WI 53500",
    phone: "(608) 555-0149",
    link: "https://example.com/heron-lake/shoreline-pharmacy",
    order: 9,
  },
  // Law Enforcement
  {
    name: "Marsh County Sheriff's Office (non-emergency)",
    category: "Law Enforcement",
    address: "500 Courthouse Square, Heron Lake, WI 53500",
    phone: "(608) 555-0150",
    link: "https://example.com/heron-lake/sheriff",
    order: 10,
  },
  {
    name: "Heron Lake Police Department",
    category: "Law Enforcement",
    address: "101 Main Street, Heron Lake, WI 53500",
    phone: "(608) 555-0153",
    link: "https://example.com/heron-lake/police",
    order: 11,
  },
  {
    name: "Conservation Warden, Marsh County",
    category: "Law Enforcement",
    address: "505 Courthouse Square, Heron Lake, WI 53500",
    phone: "(608) 555-0157",
    link: "https://example.com/heron-lake/conservation-warden",
    order: 12,
  },
  // Other
  {
    name: "Heron Lake Marina & Bait",
    category: "Other",
    address: "W4480 Lakeshore Drive, Heron Lake, WI 53500",
    phone: "(608) 555-0163",
    link: "https://example.com/heron-lake/marina",
    order: 13,
  },
  {
    name: "Cattail Hardware",
    category: "Other",
    address: "305 Main Street, Heron Lake, WI 53500",
    phone: "(608) 555-0168",
    link: "https://example.com/heron-lake/cattail-hardware",
    order: 14,
  },
  {
    name: "Heron Lake Public Library",
    category: "Other",
    address: "12 Library Street, Heron Lake, WI 53500",
    phone: "(608) 555-0174",
    link: "https://example.com/heron-lake/library",
    order: 15,
  },
];
