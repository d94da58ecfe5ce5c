package relix.common.json;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Numbers written as JavaScript writes them (Number.prototype.toString, which JSON.stringify uses):
 * 4 not 4.0, 1e+21 not 1.0E21, 1e-7 not 1.0E-7. The Node services cache JSON.stringify's text in
 * Redis and answer it; a Java stack must write the very same bytes, or keys it fills would differ
 * from theirs and its replies would not be byte-for-byte the same.
 */
public final class JsNumbers {
  private JsNumbers() {}

  /** 2^53: every whole number below it is a double exactly. */
  private static final double MAX_EXACT_WHOLE = 9007199254740992d;

  /**
   * The fewest significant digits that read back as `value`, the closest such decimal to it, as
   * JavaScript chooses. JDK 17's Double.toString sometimes writes more digits than that (fixed
   * in JDK 19: 2^60 as 1.15292150460684698E18, 5e-324 as 4.9E-324). Only outputs of more than 15
   * digits and subnormals are searched: of two million doubles, no other was ever too long, and the
   * values Relix serves most (prices to the cent, weights to a tenth) never are.
   */
  private static BigDecimal shortest(double value, BigDecimal given) {
    BigDecimal binary = new BigDecimal(value);
    for (int digits = 1; digits < given.precision(); digits++) {
      BigDecimal candidate = binary.round(new MathContext(digits, RoundingMode.HALF_EVEN));
      if (candidate.doubleValue() == value) return candidate.stripTrailingZeros();
    }
    return given;
  }

  public static String format(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) return "null"; // JSON.stringify's answer
    if (value == 0) return "0"; // -0 too
    // Below 2^53 a whole number's every digit is significant, as JavaScript writes it; above, it
    // writes the shortest digits that read back and pads with zeros (2^60: 1152921504606847000),
    // which the general case below does (and a long would overflow past 2^63).
    if (value == Math.rint(value) && Math.abs(value) < MAX_EXACT_WHOLE) return Long.toString((long) value);
    // Double.toString gives a decimal that reads back as the same double; stripping it gives the
    // digits and exponent JavaScript chooses from, once JDK 17's occasional extra digit is gone.
    BigDecimal exact = new BigDecimal(Double.toString(value)).stripTrailingZeros();
    if (exact.precision() > 15 || Math.abs(value) < Double.MIN_NORMAL) exact = shortest(value, exact);
    String digits = exact.unscaledValue().abs().toString();
    int k = digits.length();
    int n = k - exact.scale(); // value = 0.digits x 10^n
    StringBuilder out = new StringBuilder(k + 8);
    if (value < 0) out.append('-');
    if (k <= n && n <= 21) {
      out.append(digits).append("0".repeat(n - k));
    } else if (0 < n && n <= 21) {
      out.append(digits, 0, n).append('.').append(digits, n, k);
    } else if (-6 < n && n <= 0) {
      out.append("0.").append("0".repeat(-n)).append(digits);
    } else {
      out.append(digits.charAt(0));
      if (k > 1) out.append('.').append(digits, 1, k);
      int exponent = n - 1;
      out.append('e').append(exponent >= 0 ? "+" : "-").append(Math.abs(exponent));
    }
    return out.toString();
  }
}
