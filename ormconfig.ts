import 'reflect-metadata';
import { loadConfig } from './src/config/load-config';
import { dataSourceOptions } from './src/database/data-source';
import { VellumDataSource } from './src/database/vellum-data-source';

/** The TypeORM CLI's data source (`npm run migration:run`), from the same DB_* variables as the app. */
export default new VellumDataSource(dataSourceOptions(loadConfig(process.env)));
