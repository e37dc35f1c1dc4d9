import {
  dialog_default
} from "../../chunks/chunk.MRAPBIDX.js";
import "../../chunks/chunk.PCO44S4V.js";
import "../../chunks/chunk.TC2QSLMZ.js";
import "../../chunks/chunk.RWUUFNUL.js";
import "../../chunks/chunk.6QB6HC7Y.js";
import "../../chunks/chunk.V4KCW2CR.js";
import "../../chunks/chunk.LD4M4QGE.js";
import "../../chunks/chunk.E7U2HBHY.js";
import "../../chunks/chunk.VMDRFYXT.js";
import "../../chunks/chunk.25TVLSB6.js";
import "../../chunks/chunk.B4BZKR24.js";
import "../../chunks/chunk.SRECDZMQ.js";
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
  dialog_default as default
};
