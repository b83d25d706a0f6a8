import { mount } from 'svelte';
import { TECHNICIAN_ROUTE } from '#contract';
import App from './App.svelte';
import './app.css';
import { AppModel } from './lib/app.svelte.ts';
import { createBridge, findIpc } from './lib/bridge.ts';
import { systemClock } from './lib/clock.ts';
import { TechnicianAccessModel } from './lib/technician/access.svelte.ts';
import { PanelHeartbeat } from './lib/panel/heartbeat.ts';

// The bridge reports session-ending errors to the app model, which exists only after the bridge.
let model: AppModel | undefined;
const api = createBridge({ ipc: findIpc(), onSessionEnded: (error) => model?.sessionEnded(error) });
const nav = { assign: (url: string) => window.location.assign(url) };
model = new AppModel(api, nav);
// A kiosk technician's calls: their own route (IPC channels or HTTP path), their own session, and
// session-ending errors that close the technician's drawer, never the panel.
const tools = createBridge({ ipc: findIpc(TECHNICIAN_ROUTE), baseUrl: `/${TECHNICIAN_ROUTE}` });
const technician = new TechnicianAccessModel({ api, tools, nav, clock: systemClock });

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');
// Alive, and where: the main process keeps the display awake and watches for a hung page by it.
const heartbeat = new PanelHeartbeat({ send: (state) => api.panel.report(state), clock: systemClock });
heartbeat.start();
mount(App, { target, props: { model, clock: systemClock, technician, heartbeat } });
void model.boot();
