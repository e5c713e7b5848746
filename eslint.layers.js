// @ts-check
/**
 * Which code may import which (docs/decisions/022-feature-folders.md). Every file falls in exactly
 * one group below (ESLint replaces, not merges, a rule's options when two blocks match a file), and
 * each group lists what its imports must not reach. The patterns read the import as written: the
 * folders (`src/platform`, `src/features/<name>/contract`) and, inside a feature, the file name's
 * first word (`http`, `html`, `service`, `repository`, `mail`, `tables`) say what a file is; a
 * feature's `screens/` holds its admin screens, which are browser code.
 */

/** @param {string} regex @param {string} message */
const no = (regex, message) => ({ regex, message });

/** A file of a feature as another feature file names it: `./x`, `../<feature>/x`, `…/features/<feature>/x`. */
const inFeature = (/** @type {string} */ name) => `(^\\./|^\\.\\./[\\w-]+/|(^|/)features/[\\w-]+/)(${name})$`;
/** A folder right below src, as code elsewhere in src names it (`../data/x`, `../../data/x`). */
const srcFolder = (/** @type {string} */ names) => `(^|\\.\\./)(${names})(/|$)`;

const httpEdge = [
  no("(^|/)platform/http(/|$)", "Only the HTTP edge (src/platform/http, a feature's http*.ts) sees HTTP."),
  no(
    inFeature("(http|html)(-[\\w-]+)?"),
    "Only the HTTP edge (src/platform/http, a feature's http*.ts) sees HTTP.",
  ),
  no("^@netlify/functions$", "Only the HTTP edge and src/platform talk to Netlify."),
];
const browserCode = [
  no(
    srcFolder("pages|islands|components|layouts|admin"),
    "Server and shared code never import pages or browser code.",
  ),
  no("(^|/)screens(/|$)", "Server and shared code never import a feature's admin screens (browser code)."),
];
const pageContent = [
  no(srcFolder("data"), "Page content (src/data) is for pages; a rule it states belongs to a feature."),
];
const services = [
  no(inFeature("service(-[\\w-]+)?"), "A service calls its repository, never the other way round."),
];
const mail = [
  no(
    inFeature("(mail(-[\\w-]+)?|messages)"),
    "Repositories never import e-mail: the service composes and queues it.",
  ),
  no("(^|/)platform/mail/(?!message$)", "Repositories never send e-mail (a message's shape is plain data)."),
];
const dataAccess = [
  no(
    inFeature("repository(-[\\w-]+)?"),
    "E-mail composers take plain data: the service reads it and passes it in.",
  ),
  no(
    "(^|/)(features/tables|tables|db/[\\w-]+)$",
    "E-mail composers take plain data, not rows or database access.",
  ),
];
/** What browser code may not reach: anything server-side but time and money. */
const serverCode = [
  no(
    "(^|/)platform/(?!(time|money)$)",
    "Browser code reaches only src/platform/time and src/platform/money.",
  ),
  no(
    "(^|/)features/(?![\\w-]+/(contract|screens)(/|$))",
    "Browser code reaches only a feature's contract/ (and the admin its screens/).",
  ),
];
const config = [
  no(
    "(^|\\.\\./)config/(?!booking$)",
    "Browser-safe shared code reads only the booking facts (src/config/booking.ts), not the site's whole profile.",
  ),
];

/** Only the HTTP edge sees a Request or a Response; everything below it takes typed input. */
/** @type {import("eslint").Linter.RulesRecord} */
const requestResponse = {
  "no-restricted-syntax": [
    "error",
    {
      selector: "TSTypeReference[typeName.name=/^(Request|Response)$/]",
      message: "Only the HTTP edge sees Request and Response: take typed input, return data.",
    },
    {
      selector: "NewExpression[callee.name=/^(Request|Response)$/]",
      message: "Only the HTTP edge builds a Request or a Response.",
    },
    {
      selector: "MemberExpression[object.name=/^(Request|Response)$/]",
      message: "Only the HTTP edge builds a Request or a Response (Response.json, Response.redirect).",
    },
  ],
};

/** @param {ReturnType<typeof no>[]} patterns @returns {import("eslint").Linter.RulesRecord} */
const restrict = (patterns) => ({ "no-restricted-imports": ["error", { patterns }] });

const contracts = "src/features/*/contract/**";
const screens = "src/features/*/screens/**";
const edges = ["src/features/*/http*.ts", "src/features/*/html*.ts"];
const repositories = "src/features/*/repository*.ts";
const tables = ["src/features/*/tables*.ts", "src/features/tables.ts"];
const composers = ["src/features/*/mail*.ts", "src/features/mail/messages.ts"];

/** @type {import("eslint").Linter.Config[]} */
export const layerRules = [
  {
    // The platform (HTTP edge, database, mail transport, blobs, env) serves every feature, knows none.
    files: ["src/platform/**"],
    rules: restrict([
      no("(^|/)features(/|$)", "src/platform never imports a feature."),
      ...browserCode,
      ...pageContent,
    ]),
  },
  {
    // A feature's HTTP edge (routes' handlers, server-rendered pages): the platform edge and services.
    files: edges,
    rules: restrict([...browserCode, ...pageContent]),
  },
  {
    files: [repositories, ...tables],
    rules: {
      ...restrict([...httpEdge, ...browserCode, ...pageContent, ...services, ...mail]),
      ...requestResponse,
    },
  },
  {
    files: composers,
    rules: { ...restrict([...httpEdge, ...browserCode, ...dataAccess, ...services]), ...requestResponse },
  },
  {
    // Services and the rest of a feature's server code: typed input, domain errors, no HTTP.
    files: ["src/features/**"],
    ignores: [contracts, screens, ...edges, repositories, ...tables, ...composers],
    rules: { ...restrict([...httpEdge, ...browserCode]), ...requestResponse },
  },
  {
    // A feature's contract/: what crosses the wire and the rules both sides share. Zod, other
    // contracts and src/lib only: `../x` is its own feature's server code, `../../<feature>/x` another's.
    files: [contracts],
    rules: restrict([
      ...serverCode,
      ...browserCode,
      ...pageContent,
      ...config,
      no("^\\.\\./(?!\\.\\.)[^/]+$", "A contract never imports its feature's server code."),
      no("^\\.\\./\\.\\./(?!\\.\\.)[\\w-]+/(?!contract(/|$))", "A contract never imports server code."),
    ]),
  },
  {
    // A feature's admin screens: browser code that also uses the admin app's frame, client and UI
    // kit (src/admin). From its own feature only `../contract/`; from another only its contract/ or
    // screens/ (a panel shown inside this feature's screen).
    files: [screens],
    rules: restrict([
      ...serverCode,
      no(
        "^\\.\\./(?!\\.\\.|contract(/|$))",
        "A screen never imports its feature's server code, only its contract/.",
      ),
      no(
        "^\\.\\./\\.\\./(?!\\.\\.)[\\w-]+/(?!contract(/|$)|screens(/|$))",
        "A screen never imports server code: another feature's contract/ or screens/ only.",
      ),
    ]),
  },
  {
    // Shared browser-safe code: the API client, the endpoint plumbing, form-field rules.
    files: ["src/lib/**"],
    rules: restrict([...serverCode, ...browserCode, ...pageContent, ...config]),
  },
  {
    // The site's facts (src/config): plain data and the time and money modules; read by pages,
    // features and, for the booking facts, browser code.
    files: ["src/config/**"],
    rules: restrict([...serverCode, ...browserCode, ...pageContent]),
  },
  {
    // Page content (src/data): words and shapes for the pages, built from the config, the shared
    // catalogue and features' contracts; never server code, never the pages themselves.
    files: ["src/data/**"],
    rules: restrict([...serverCode, ...browserCode]),
  },
  {
    // Browser code: islands, components, pages, the admin app.
    files: ["src/islands/**", "src/components/**", "src/layouts/**", "src/pages/**", "src/admin/**"],
    rules: restrict(serverCode),
  },
];
