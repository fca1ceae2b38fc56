import type { Actor } from '../../lib/actor.js';
import type { CalibrationScope } from './psychometrics.repository.js';

/**
 * The scope an administrator may calibrate and read: an institute administrator their own
 * institute (the default); a client administrator any institute of their client, or (without one)
 * the whole client bank. Null: out of scope (the caller answers 404).
 */
export function calibrationScopeFor(actor: Actor, institute: { id: number; clientId: string } | null | 'none'): CalibrationScope | null {
  if (actor.role === 'ClientAdmin') {
    if (institute === 'none') return { clientId: actor.clientId, instituteId: null };
    return institute && institute.clientId === actor.clientId ? { clientId: actor.clientId, instituteId: institute.id } : null;
  }
  if (actor.role === 'InstituteAdmin' && actor.instituteId !== null) {
    if (institute === 'none') return { clientId: actor.clientId, instituteId: actor.instituteId };
    return institute && institute.clientId === actor.clientId && institute.id === actor.instituteId ? { clientId: actor.clientId, instituteId: institute.id } : null;
  }
  return null;
}
