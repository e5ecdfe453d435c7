import type { ResponseBody } from '@shared-api-types';

/** GET /api/v1/dashboard's data, as the OpenAPI document describes it. */
export type DashboardData = ResponseBody<'/api/v1/dashboard'>['data'];
