import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { ProjectTable } from '../db/database';
import { HttpError } from '../http/HttpError';
import { bundleOfProduct, isProductType, type ProductType } from '../projects/products';
import { granted } from '../projects/link/grants';
import { adminOf, ownerOf } from './identity';

/**
 * Who may do what (DESIGN.md section 4). In admin mode every project call needs an admin session (401).
 * Elsewhere a visitor sees and changes only the projects made in its own browser (others answer 404, so
 * ids cannot be probed), and the admin-only calls answer 403 to non-admins.
 */
export class Access {
  constructor(private readonly config: Config) {}

  /**
   * The product type of a route's `type`, when this deployment's mode offers it; anything else answers
   * 404 as an unknown route would (a client-mode server has no abattement calculator at all).
   */
  product(type: string): ProductType {
    if (!isProductType(type) || !bundleOfProduct(type).modes.includes(this.config.mode))
      throw new HttpError(404, `Unknown product type '${type}'`);
    return type;
  }

  /** The owner filter for lists: null (all projects) for an admin, else the visitor's owner id. */
  listOwner(request: FastifyRequest, reply: FastifyReply): string | null {
    if (adminOf(request)) return null;
    if (this.config.mode === 'admin') throw new HttpError(401, 'An admin session is needed');
    return ownerOf(request, reply);
  }

  /** The owner to record on a new project (null when an admin creates it). */
  newOwner(request: FastifyRequest, reply: FastifyReply): string | null {
    return this.listOwner(request, reply);
  }

  /**
   * Refuses a project the caller may not see: 404 for another visitor's project, as for an unknown id.
   * A browser that opened the project by its current link (projects/link) sees it as its owner does.
   */
  check<R extends Pick<ProjectTable, 'owner' | 'link'> & { id?: string }>(
    request: FastifyRequest,
    reply: FastifyReply,
    row: R | undefined,
  ): R {
    const owner = this.listOwner(request, reply);
    if (!row) throw new HttpError(404, 'Unknown project');
    if (owner !== null && row.owner !== owner && !granted(request, row))
      throw new HttpError(404, 'Unknown project');
    return row;
  }

  /** Admin-only calls: 401 without a session in admin mode, 403 for visitors elsewhere. */
  requireAdmin(request: FastifyRequest): string {
    const admin = adminOf(request);
    if (admin) return admin;
    if (this.config.mode === 'admin') throw new HttpError(401, 'An admin session is needed');
    throw new HttpError(403, 'Only an admin may do this');
  }
}
