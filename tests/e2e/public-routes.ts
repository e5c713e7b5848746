/** The public routes the browser tests visit, with the title each must carry. */
export const brand = "Kingdom Handyman Services";

export const publicRoutes = [
  { path: "/", title: "Handyman in Kirkcaldy, Fife and Edinburgh", islands: true },
  { path: "/services", title: "Our Services", islands: false },
  { path: "/services/paint-wallpaper", title: "Paint & Wallpaper", islands: false },
  { path: "/services/plumbing-heating", title: "Plumbing & Heating", islands: false },
  { path: "/services/kitchen-bathroom", title: "Kitchen & Bathroom Fixing", islands: false },
  { path: "/services/floor-carpet", title: "Floor & Carpet Installing", islands: false },
  { path: "/book-appointment", title: "Book an Appointment", islands: true },
  { path: "/about-us", title: "About Us", islands: false },
  { path: "/our-work", title: "Our Work", islands: false },
  { path: "/contact-us", title: "Contact Us", islands: true },
  { path: "/testimonials", title: "Testimonials", islands: true },
  { path: "/faqs", title: "Frequently Asked Questions", islands: false },
  { path: "/privacy-policy", title: "Privacy Policy", islands: false },
  { path: "/terms-of-service", title: "Terms of Service", islands: false },
  { path: "/cookie-policy", title: "Cookie Policy", islands: false },
  { path: "/review-policy", title: "Review Policy", islands: false },
] as const;

/** Chromium flags keep the browser itself quiet; these are requests a page makes. */
export function isSameOrigin(url: string, base: string): boolean {
  const u = new URL(url);
  if (u.protocol === "data:" || u.protocol === "blob:") return true;
  return u.origin === new URL(base).origin;
}
