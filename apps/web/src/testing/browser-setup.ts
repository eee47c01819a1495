// The app's own styles (Tailwind), so sizes, visibility and focus in the browser tests are the
// ones people get: a hidden element is really hidden, a 44 px target really measures 44 px.
import '../styles.css';
