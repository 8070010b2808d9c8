/** Query and mutation keys of the Presidential Dashboard. */
export const unifiedKeys = {
  all: ["unified"] as const,
  platforms: ["unified", "platforms"] as const,
  operations: ["unified", "operations"] as const,
  monitoring: ["unified", "monitoring"] as const,
  status: ["unified", "status"] as const,
  execute: ["unified", "execute"] as const,
};
