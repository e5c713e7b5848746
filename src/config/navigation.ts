export interface NavLink {
  readonly label: string;
  readonly href: string;
  readonly children?: readonly NavLink[];
}

/** Header navigation, its Services menu listing the published services (name and slug) in order. */
export const mainNavFor = (services: readonly { slug: string; name: string }[]): readonly NavLink[] => [
  { label: "Home", href: "/" },
  {
    label: "Services",
    href: "/services",
    children: services.map((s) => ({ label: s.name, href: `/services/${s.slug}` })),
  },
  { label: "About Us", href: "/about-us" },
  { label: "Contact Us", href: "/contact-us" },
  { label: "FAQs", href: "/faqs" },
];

export const footerQuickLinks: readonly NavLink[] = [
  { label: "Home", href: "/" },
  { label: "About Us", href: "/about-us" },
  { label: "Services", href: "/services" },
  { label: "Our Work", href: "/our-work" },
  { label: "Testimonials", href: "/testimonials" },
  { label: "FAQs", href: "/faqs" },
  { label: "Contact Us", href: "/contact-us" },
  { label: "Book Appointment", href: "/book-appointment" },
];

export const legalLinks: readonly NavLink[] = [
  { label: "Privacy Policy", href: "/privacy-policy" },
  { label: "Terms of Service", href: "/terms-of-service" },
  { label: "Cookie Policy", href: "/cookie-policy" },
  { label: "Review Policy", href: "/review-policy" },
];
