/** What app/ may mount from the support (Contact Us) feature. */
export { ContactForm } from './components/contact-form';
export { MyMessages } from './components/my-messages';
export { SupportInbox } from './components/support-inbox';
