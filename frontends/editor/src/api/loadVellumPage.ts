import type { VellumPageResponse } from '@vellum/proto/api';
import { isApiError } from '@vellum/ui';
import { vellumApi } from './vellumApi';

const NOT_FOUND: VellumPageResponse = { vellum: null, viewAuthorized: false, isOwner: false };

/** A missing vellum and someone else's private one answer alike: Not Found. Any other failure is an error. */
export async function loadVellumPage(id: string): Promise<VellumPageResponse> {
  try {
    return await vellumApi.page(id);
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 403)) return NOT_FOUND;
    throw error;
  }
}
