/** Names of the Lucide icons a service may use (the website content's list); components/ui/ServiceIcon.astro maps them. */
export {
  siteIconKeys as serviceIconKeys,
  type SiteIconKey as ServiceIconKey,
} from "../features/site-content/contract/rules";
