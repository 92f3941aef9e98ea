import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from './src/config/load-config';
import { dataSourceOptions } from './src/database/data-source';

/** The TypeORM CLI's data source (`npm run migration:run`), from the same DB_* variables as the app. */
export default new DataSource(dataSourceOptions(loadConfig(process.env)));
