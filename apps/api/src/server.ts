// Process entry. V8 grows its young generation when many objects survive a scavenge, and loading
// the server's modules is exactly that: ~1,200 modules whose objects all live on. Left alone, the
// start-up sizes the young generation at its maximum (32 MB committed, 4 MB of it used 5 s
// later) until V8's memory reducer gives it back ~30 s after start. So the modules load with the
// young generation held at its first size, and main.ts lets it grow again once the server
// listens: from then on the requests' own garbage sizes it (decision 043). A static import here
// would load before this line runs (imports are evaluated first), hence the dynamic one.
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--semi-space-growth-factor=1');
const { runServer } = await import('./main');
runServer(import.meta.url);
