export { questionTextId } from '../../../question-kinds/shared/player-question';
