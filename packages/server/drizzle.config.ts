import { defineConfig } from 'drizzle-kit';

// Every table file of every service (and the kit's audit log): a new service's tables are found
// in its folder, with no list to extend.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/kit/audit.table.ts', './src/services/**/*.table.ts'],
  out: './drizzle',
});
