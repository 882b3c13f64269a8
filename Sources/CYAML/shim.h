#ifndef MOTIONC_CYAML_SHIM_H
#define MOTIONC_CYAML_SHIM_H
#include <yaml.h>
#endif
