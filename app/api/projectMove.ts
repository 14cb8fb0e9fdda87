import { http } from './http';

/** The project's secret link token (null: none yet), a new one (ending the old), a link opened. */
export const fetchLink = (api: string, id: string) =>
  http<{ token: string | null }>('GET', `${api}/project/${encodeURIComponent(id)}/link`);
export const renewLink = (api: string, id: string) =>
  http<{ token: string }>('POST', `${api}/project/${encodeURIComponent(id)}/link`);
export const openLink = (token: string, signal?: AbortSignal) =>
  http<{ id: string; type: string; calc: string }>(
    'POST',
    `/api/project_link/${encodeURIComponent(token)}`,
    undefined,
    signal,
  );

/** The address that reopens a project in any browser. */
export const linkAddress = (token: string): string => `${window.location.origin}/client/open/${token}`;

/** The token of a pasted project link (the address or the token alone); null when it is not one. */
export function tokenOf(text: string): string | null {
  const m = /(?:\/open\/)?([A-Za-z0-9_-]{22})\/?\s*$/.exec(text.trim());
  return m ? m[1]! : null;
}

/** Where a project's file downloads from. */
export const fileAddress = (api: string, id: string): string =>
  `${api}/project/${encodeURIComponent(id)}/file`;

/** A project file opened as a new project of this browser. */
export const openFile = (api: string, file: unknown) =>
  http<{ id: string }>('POST', `${api}/project/file`, file);
