/** Every public page, for the scripts that visit them all (bench:lighthouse, screenshots). */
export const publicPaths = [
  "/",
  "/services",
  "/services/paint-wallpaper",
  "/services/plumbing-heating",
  "/services/kitchen-bathroom",
  "/services/floor-carpet",
  "/book-appointment",
  "/about-us",
  "/our-work",
  "/contact-us",
  "/testimonials",
  "/faqs",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
  "/review-policy",
];
