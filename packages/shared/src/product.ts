/**
 * The product's name and tagline live here and nowhere else: the web app, e-mails, the API's
 * logs and the chat assistant all read them from this module so a rename is a one-line change.
 */
export const PRODUCT_NAME = 'Tavara';
export const PRODUCT_TAGLINE = 'It takes a village to care';
