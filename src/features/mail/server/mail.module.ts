// The mail feature's face to the app (decision 146): the outbox (the sender is the mailer plugin on the top floor).
import { defineFeature } from '../../../lib/server/feature-module.ts';
import { OutboxMessage } from './outbox-message.entity.ts';
import { mailToday } from './mail.today.ts';

export const mailModule = defineFeature({
  name: 'mail',
  entities: [OutboxMessage],
  today: { name: 'mail', source: mailToday },
});
