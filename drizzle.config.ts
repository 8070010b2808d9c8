// drizzle-kit reads this for `npm run db:generate`: SQL migrations from api/src/db/schema.ts.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./api/src/db/schema.ts",
  out: "./api/src/db/migrations",
});
