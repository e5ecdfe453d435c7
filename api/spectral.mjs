// Spectral ruleset for the API description (make api-lint): the OWASP API Security Top 10 2023
// ruleset, loaded from node_modules (a JavaScript ruleset imports it; a YAML one would fetch it
// from the network). make api-lint fails on any error; warnings are shown.
//
// Rules changed here, each with its reason:
import owasp from "@stoplight/spectral-owasp-ruleset";

// What a client sends is request bodies and parameters. The resource-consumption limits (API4)
// are about input, so the limit rules below look there; every string, integer and list a client
// can send carries its limit, from the validators (services/platform/httpapi/limits.go).
const isString = '@ && (@.type=="string" || (@.type && @.type.constructor.name === "Array" && @.type.includes("string")))';
const isInteger = '@ && (@.type=="integer" || (@.type && @.type.constructor.name === "Array" && @.type.includes("integer")))';
const isArray = '@ && (@.type=="array" || (@.type && @.type.constructor.name === "Array" && @.type.includes("array")))';
export default {
  extends: [owasp],
  rules: {
    // Narrowed: the API4 string, integer and list limits apply to input only. Answers are written by the
    // server from what was stored within those limits; a client that reads them is not the
    // resource a limit protects.
    "owasp:api4:2023-string-limit": {
      ...owasp.rules["owasp:api4:2023-string-limit"],
      given: [`$.paths[*][*].requestBody..[?(${isString})]`, `$.paths[*][*].parameters[?(@.schema && (@.schema.type=="string"))].schema`],
    },
    "owasp:api4:2023-integer-limit": {
      ...owasp.rules["owasp:api4:2023-integer-limit"],
      given: [`$.paths[*][*].requestBody..[?(${isInteger})]`, `$.paths[*][*].parameters[?(@.schema && (@.schema.type=="integer"))].schema`],
    },
    "owasp:api4:2023-array-limit": {
      ...owasp.rules["owasp:api4:2023-array-limit"],
      given: [`$.paths[*][*].requestBody..[?(${isArray})]`, `$.paths[*][*].parameters[?(@.schema && (@.schema.type=="array"))].schema`],
    },
    // Off: rate-limit headers on every 2XX and 4XX answer. Only the public forms and the status
    // link are limited per address (httpapi.Route.Limit); their 429 is documented with Retry-After,
    // RateLimit-Limit and RateLimit-Reset (owasp:api4:2023-rate-limit-retry-after stays on). Every
    // other route needs a session and sends no limit headers: documenting them would be false.
    "owasp:api4:2023-rate-limit": "off",
    // Off: CORS headers. The API serves its own front ends on the same origin and never grants a
    // cross-origin request (httpapi.RequireCSRF relies on exactly that), so it sends no
    // Access-Control-Allow-Origin.
    "owasp:api8:2023-define-cors-origin": "off",
    // Off: a token in a URL. The status link's {token} is a capability URL by design (D24 in
    // docs/decisions.md): a 128-bit HMAC that opens one job's allowed fields, sent to the customer
    // by e-mail, rate-limited per address, served with no-referrer and noindex.
    "owasp:api2:2023-no-credentials-in-url": "off",
    // Off: a separate security scheme for /admin paths. Who may call a route is decided per
    // route by the policy (policy/policy.csv, x-policy on every operation), not by the scheme:
    // admins sign in with the same session cookie as everyone.
    "owasp:api5:2023-admin-security-unique": "off",
  },
};
