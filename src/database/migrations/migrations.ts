import { CreateSystemTables1763800000000 } from './1763800000000-create-system-tables';
import { AddFieldType1763900000000 } from './1763900000000-add-field-type';
import { CreateSvcJobs1763930000000 } from './1763930000000-create-svc-jobs';
import { AddJobOwner1764000000000 } from './1764000000000-add-job-owner';
import { CreateSvcSchemaApplies1764100000000 } from './1764100000000-create-svc-schema-applies';
import { CreateSvcPresetsNotifications1764200000000 } from './1764200000000-create-svc-presets-notifications';
import { CreateSvcShares1764300000000 } from './1764300000000-create-svc-shares';
import { CreateSvcCommentsDashboardsTranslations1764400000000 } from './1764400000000-create-svc-comments-dashboards-translations';
import { CreateSvcPoliciesAccess1764500000000 } from './1764500000000-create-svc-policies-access';
import { RoleAppAccessDefault1764600000000 } from './1764600000000-role-app-access-default';
import { UserTextDirectionThemeOverrides1764700000000 } from './1764700000000-user-text-direction-theme-overrides';
import { CollectionStatusAutosave1764800000000 } from './1764800000000-collection-status-autosave';

/** Every migration in order; TypeORM runs the ones not yet recorded. */
export const MIGRATIONS = [
  CreateSystemTables1763800000000,
  AddFieldType1763900000000,
  CreateSvcJobs1763930000000,
  AddJobOwner1764000000000,
  CreateSvcSchemaApplies1764100000000,
  CreateSvcPresetsNotifications1764200000000,
  CreateSvcShares1764300000000,
  CreateSvcCommentsDashboardsTranslations1764400000000,
  CreateSvcPoliciesAccess1764500000000,
  RoleAppAccessDefault1764600000000,
  UserTextDirectionThemeOverrides1764700000000,
  CollectionStatusAutosave1764800000000,
];
