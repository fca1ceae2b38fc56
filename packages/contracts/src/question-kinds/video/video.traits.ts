import { MEDIA_CHOICE_TRAITS } from '../families/media-choice.traits.js';

/** A video with options, one of them correct. */
export const videoTraits = MEDIA_CHOICE_TRAITS;
