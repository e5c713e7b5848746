/** Names of the Lucide icons a service may use; components/ui/ServiceIcon.astro maps them. */
export const serviceIconKeys = ["paint-roller", "wrench", "bath", "layers"] as const;
export type ServiceIconKey = (typeof serviceIconKeys)[number];
