import type { ResponseBody } from '@klusmaat/shared-ui/api/types';

/** GET /api/v1/dashboard's data, as the OpenAPI document describes it. */
export type DashboardData = ResponseBody<'/api/v1/dashboard'>['data'];
