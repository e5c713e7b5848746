/** The HTTP helpers in one import: `import { createHandler, readBody, json, … } from "../http"`. */
export * from "./db-errors";
export * from "./errors";
export * from "./handler";
export * from "./html-page";
export * from "./log";
export * from "./request";
export * from "./response";
