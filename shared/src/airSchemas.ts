/**
 * AIR's published schema URLs (SPEC §1): what `$schema` names in a catalog or roots index we write
 * (completion, Add Server's skeleton, the roots-not-found fix, the client's Create a Catalog).
 * Written once here, read by the server and the client.
 */
export const AIR_MCP_SCHEMA_URL = 'https://pulsemcp.github.io/air/schemas/mcp.schema.json';
export const AIR_ROOTS_SCHEMA_URL = 'https://pulsemcp.github.io/air/schemas/roots.schema.json';
