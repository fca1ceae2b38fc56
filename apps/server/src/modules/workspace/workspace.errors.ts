/** A label vanished between the service's ownership check and the write (its link hit the foreign key). */
export class LabelGoneError extends Error {
  constructor() {
    super('label removed during the write');
    this.name = 'LabelGoneError';
  }
}
