// Configuration for the MikroORM CLI (npx mikro-orm ...); the app itself uses src/server/db.ts.
import path from 'node:path';
import { loadEnv } from './src/server/env.ts';
import { ormOptions } from './src/server/db.ts';

const env = loadEnv();
export default ormOptions({ databaseUrl: env.DATABASE_URL, pgliteDir: path.join(env.DATA_DIR, 'db'), migrationFiles: true });
