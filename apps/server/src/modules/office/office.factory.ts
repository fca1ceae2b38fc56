import { OFFICE_UPLOAD_MAX_BYTES } from '@app/contracts';
import type { AppConfig } from '../../config/env.js';
import { createDocumentServer, type DocumentServer } from './office.document-server.js';
import { createInlineEvaluator, createWorkerEvaluator, type OfficeEvaluator } from './office.evaluator.js';

/**
 * The office module's adapters from the configuration: the evaluator in worker threads with the
 * configured limits, and the ONLYOFFICE Document Server only when both its URL and JWT secret are set.
 */
export function createOfficeEvaluator(
  config: Pick<AppConfig, 'ONLYOFFICE_URL' | 'ONLYOFFICE_JWT_SECRET' | 'OFFICE_EVAL_TIMEOUT_MS' | 'OFFICE_EVAL_MEMORY_MB' | 'OFFICE_EVALUATOR' | 'PUBLIC_URL' | 'PORT'>,
): { evaluator: OfficeEvaluator; documentServer: DocumentServer | null } {
  const evaluator =
    config.OFFICE_EVALUATOR === 'inline' ? createInlineEvaluator() : createWorkerEvaluator({ timeoutMs: config.OFFICE_EVAL_TIMEOUT_MS, memoryMb: config.OFFICE_EVAL_MEMORY_MB });
  const documentServer =
    config.ONLYOFFICE_URL && config.ONLYOFFICE_JWT_SECRET
      ? createDocumentServer({
          url: config.ONLYOFFICE_URL,
          secret: config.ONLYOFFICE_JWT_SECRET,
          publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
          maxBytes: OFFICE_UPLOAD_MAX_BYTES,
        })
      : null;
  return { evaluator, documentServer };
}
