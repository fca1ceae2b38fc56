import { MEDIA_CHOICE_TRAITS } from '../families/media-choice.traits.js';

/** A picture with options, one of them correct. */
export const imageTraits = MEDIA_CHOICE_TRAITS;
