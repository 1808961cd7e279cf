/* placeholder */
#include "fixlaser/base.h"
#include "fixlaser/angle.h"
#include "fixlaser/laser.h"
#include "fixlaser/shapes.h"
