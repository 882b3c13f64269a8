#ifndef MOTIONC_CCAIRO_SHIM_H
#define MOTIONC_CCAIRO_SHIM_H
#include <cairo.h>
#endif
