/** The website content's contract: endpoints, schemas and the shared rules. */
export * from "./endpoints";
export * from "./rules";
