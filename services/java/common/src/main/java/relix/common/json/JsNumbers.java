package relix.common.json;

import java.math.BigDecimal;

/**
 * Numbers written as JavaScript writes them (Number.prototype.toString, which JSON.stringify uses):
 * 4 not 4.0, 1e+21 not 1.0E21, 1e-7 not 1.0E-7. The Node services cache JSON.stringify's text in
 * Redis and answer it; a Java stack must write the very same bytes, or keys it fills would differ
 * from theirs and its replies would not be byte-for-byte the same.
 */
public final class JsNumbers {
  private JsNumbers() {}

  public static String format(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) return "null"; // JSON.stringify's answer
    if (value == 0) return "0"; // -0 too
    if (value == Math.rint(value) && Math.abs(value) < 1e21) return Long.toString((long) value);
    // Double.toString gives a decimal that reads back as the same double; stripping it gives the
    // digits and exponent JavaScript chooses from (JDK 17's occasional extra digit aside, which the
    // values Relix stores never have: prices to the cent, weights to a tenth).
    BigDecimal exact = new BigDecimal(Double.toString(value)).stripTrailingZeros();
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
