import {
  SlSwitch
} from "./chunk.6QYB2UKN.js";

// src/components/switch/switch.ts
var switch_default = SlSwitch;
SlSwitch.define("sl-switch");

export {
  switch_default
};
