import { choiceKind } from '../shared/choice-kind';
import type { KindFieldsProps } from '../kind';
import { lazyPart } from '../shared/lazy-part';

const MediaUrlField = lazyPart<KindFieldsProps, typeof import('../shared/media-url-field')>(() => import('../shared/media-url-field'), 'MediaUrlField');

/** A picture above the statement, answered by choosing one option. */
export const imageKind = choiceKind({ isMultiple: false, media: 'image', SettingsFields: MediaUrlField });
