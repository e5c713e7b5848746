/** The website content's contract: endpoints, schemas and the shared rules. */
export * from "./endpoints";
export * from "./rules";
export * from "./gallery";
export * from "./gallery-rules";
