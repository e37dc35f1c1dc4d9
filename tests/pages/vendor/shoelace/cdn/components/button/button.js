import {
  button_default
} from "../../chunks/chunk.HCAVMRBP.js";
import "../../chunks/chunk.VZQEICZP.js";
import "../../chunks/chunk.22MHKQYS.js";
import "../../chunks/chunk.ZLRQFEYA.js";
import "../../chunks/chunk.E5624Z63.js";
import "../../chunks/chunk.KINKNNIL.js";
import "../../chunks/chunk.UBADX4L7.js";
import "../../chunks/chunk.ZTHCIXLL.js";
import "../../chunks/chunk.NYIIDP5N.js";
import "../../chunks/chunk.2SU6QBUU.js";
import "../../chunks/chunk.DT2WPFWO.js";
import "../../chunks/chunk.TDEXDIPB.js";
import "../../chunks/chunk.AGWHFEOF.js";
import "../../chunks/chunk.KMHRSCRM.js";
import "../../chunks/chunk.ZL53POKZ.js";
import "../../chunks/chunk.P7ZG6EMR.js";
import "../../chunks/chunk.3TFKS637.js";
import "../../chunks/chunk.NLZKSRIS.js";
import "../../chunks/chunk.3RBSSBZT.js";
import "../../chunks/chunk.UP75L23G.js";
import "../../chunks/chunk.3Y6SB6QS.js";
import "../../chunks/chunk.JMZM2TDT.js";
import "../../chunks/chunk.INZSKSLC.js";
import "../../chunks/chunk.OGQ452CI.js";
import "../../chunks/chunk.OOP2EFQH.js";
import "../../chunks/chunk.W27M6RDR.js";
export {
  button_default as default
};
