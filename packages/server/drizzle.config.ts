import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/kit/schema.ts',
  out: './drizzle',
});
