import type { RainAnswer, RainService } from '../../renderers';
import type { RainProblem, RainSummary, StationChoice } from '../../words/rain';
import { apiErrorText, http, type HttpResult } from './http';

type Upload = {
  file: { id: string; filename: string };
  series?: { id: string; summary: RainSummary };
  stations?: StationChoice[];
};
type T = (key: string, params?: Record<string, unknown>) => string;

/** An upload's answer as the rain field shows it: the series, the stations, or what is wrong in words. */
function answerOf(r: HttpResult<Upload>, t: T): RainAnswer {
  if (r.data) return r.data;
  const problems = (r.error?.details as { problems?: RainProblem[] } | undefined)?.problems;
  return problems?.length ? { problems } : { error: apiErrorText(r.error, t) };
}

/**
 * The measured rain calls of a project (server/rain/routes.ts) as the wizard's rain field uses them:
 * `projectId` gives the project's id, saving it first when it has none yet (the files are kept with it).
 */
export function rainService(api: string, projectId: () => Promise<string | null>, t: T): RainService {
  const base = async () => {
    const id = await projectId();
    return id ? `${api}/project/${encodeURIComponent(id)}/rain` : null;
  };
  return {
    async upload(files, timezone) {
      const url = await base();
      if (!url) return { error: t('rain.save_first') };
      const fd = new FormData();
      if (timezone) fd.append('timezone', timezone);
      for (const f of files) fd.append('file', f);
      return answerOf(await http<Upload>('POST', url, fd), t);
    },
    async pick(file, station) {
      const url = await base();
      if (!url) return { error: t('rain.save_first') };
      return answerOf(await http<Upload>('POST', `${url}/${encodeURIComponent(file)}`, { station }), t);
    },
    async describe(id) {
      const r = await http<{ summary: RainSummary }>('GET', `${api}/rain/${encodeURIComponent(id)}`);
      return r.data?.summary ?? null;
    },
  };
}
