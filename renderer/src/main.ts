import { mount } from 'svelte';
import App from './App.svelte';
import './app.css';
import { AppModel } from './lib/app.svelte.ts';
import { createBridge, findIpc } from './lib/bridge.ts';
import { systemClock } from './lib/clock.ts';
import { PanelHeartbeat } from './lib/panel/heartbeat.ts';

// The bridge reports session-ending errors to the app model, which exists only after the bridge.
let model: AppModel | undefined;
const api = createBridge({ ipc: findIpc(), onSessionEnded: (error) => model?.sessionEnded(error) });
model = new AppModel(api, { assign: (url) => window.location.assign(url) });

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');
// Alive, and where: the main process keeps the display awake and watches for a hung page by it.
const heartbeat = new PanelHeartbeat({ send: (state) => api.panel.report(state), clock: systemClock });
heartbeat.start();
mount(App, { target, props: { model, clock: systemClock, heartbeat } });
void model.boot();
